// libyaml, Debian's (libyaml-dev): the YAML parser YAMLTree composes nodes from.
#ifndef CYAML_H
#define CYAML_H
#include <yaml.h>
#endif
