// A module for CFuzzer.h only: LLVMFuzzerRunDriver comes from the fuzzer runtime that
// -sanitize=fuzzer links.
#include "CFuzzer.h"
