#include <stddef.h>
#include <stdint.h>

// libFuzzer's own driver (compiler-rt), for a program with its own main: the fuzz targets
// choose which function to fuzz from their first argument.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
