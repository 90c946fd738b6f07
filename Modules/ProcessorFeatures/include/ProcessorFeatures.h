#ifndef PROCESSOR_FEATURES_H
#define PROCESSOR_FEATURES_H

#include <stdbool.h>

/// Whether this processor, and the operating system's saving of its registers, run the code
/// that the compiler makes from plain source for Ice Lake servers (`-target-cpu
/// icelake-server`): AVX-512 with its VPOPCNTDQ, BITALG, VBMI, VBMI2, IFMA and VNNI parts,
/// GFNI, VPCLMULQDQ and VAES, BMI1 and BMI2, LZCNT, MOVBE, ADX, and what older processors
/// brought before them. The target's system instructions (SGX, PCONFIG, WBNOINVD, CLWB and the
/// like), which only intrinsics emit, are not asked for. Intel's processors with AVX-512 from Ice
/// Lake on have the rest, and AMD's from Zen 4 on. False on every other architecture, and
/// where the operating system turns AVX-512's registers on only at their first use (macOS),
/// since they then read as not saved.
bool processor_runs_icelake_server_code(void);

/// How many processors this process may run on: on Linux, those of its CPU affinity, fewer
/// where the CPU quota of its control group (cgroup v2's `cpu.max`) allows fewer, as
/// Foundation's `activeProcessorCount` counts them; elsewhere, those online. At least 1.
int processor_count(void);

#endif
