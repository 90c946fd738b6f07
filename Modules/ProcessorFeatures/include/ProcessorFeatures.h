#ifndef PROCESSOR_FEATURES_H
#define PROCESSOR_FEATURES_H

#include <stdbool.h>

/// Whether this processor, and the operating system's saving of its registers, run code
/// compiled for Ice Lake servers (`-target-cpu icelake-server`): AVX-512 with its
/// VPOPCNTDQ, BITALG, VBMI, VBMI2, IFMA and VNNI parts, GFNI, VPCLMULQDQ and VAES, BMI1 and
/// BMI2, and what older processors brought before them. Intel's Ice Lake and later server
/// processors have them, and AMD's since Zen 4. False on every other architecture.
bool processor_runs_icelake_server_code(void);

#endif
