// libFuzzer's public driver entry point (compiler-rt's FuzzerInterface.h), declared
// here so that Swift calls it with the C calling convention. Nothing is linked by
// this module: the symbol comes from libFuzzer itself, which only the fuzz build
// (swiftc -sanitize=fuzzer) links, and only that build calls it.
#ifndef SEGUE_CLIBFUZZER_DRIVER_H
#define SEGUE_CLIBFUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer as its own main would: parses its flags from argc/argv and calls
/// `callback` once per input. Returns the exit status libFuzzer would.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
