#include "ProcessorFeatures.h"

#if defined(__x86_64__)

#include <cpuid.h>
#include <stdint.h>

/// Whether every bit of `wanted` is set in `bits`.
static bool has(uint32_t bits, uint32_t wanted) { return (bits & wanted) == wanted; }

bool processor_runs_icelake_server_code(void) {
  unsigned int eax, ebx, ecx, edx;
  if (__get_cpuid_max(0, 0) < 7) return false;

  // Leaf 1, ecx: SSE3 0, PCLMULQDQ 1, SSSE3 9, FMA 12, CMPXCHG16B 13, SSE4.1 19, SSE4.2 20,
  // MOVBE 22, POPCNT 23, AES 25, XSAVE 26, OSXSAVE 27, AVX 28, F16C 29, RDRAND 30.
  __cpuid(1, eax, ebx, ecx, edx);
  const uint32_t leaf1 = 1u << 0 | 1u << 1 | 1u << 9 | 1u << 12 | 1u << 13 | 1u << 19
                         | 1u << 20 | 1u << 22 | 1u << 23 | 1u << 25 | 1u << 26 | 1u << 27
                         | 1u << 28 | 1u << 29 | 1u << 30;
  if (!has(ecx, leaf1)) return false;

  // The operating system saves the SSE and AVX registers (XCR0 bits 1, 2) and AVX-512's
  // mask and upper registers (bits 5, 6, 7): without that, the instructions fault.
  uint32_t xcr0, xcr0High;
  __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0High) : "c"(0));
  if (!has(xcr0, 1u << 1 | 1u << 2 | 1u << 5 | 1u << 6 | 1u << 7)) return false;

  // Leaf 7, ebx: BMI1 3, AVX2 5, BMI2 8, AVX512F 16, AVX512DQ 17, ADX 19, AVX512IFMA 21,
  // AVX512CD 28, AVX512BW 30, AVX512VL 31; ecx: AVX512VBMI 1, AVX512VBMI2 6, GFNI 8, VAES 9,
  // VPCLMULQDQ 10, AVX512VNNI 11, AVX512BITALG 12, AVX512VPOPCNTDQ 14.
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  const uint32_t leaf7b = 1u << 3 | 1u << 5 | 1u << 8 | 1u << 16 | 1u << 17 | 1u << 19
                          | 1u << 21 | 1u << 28 | 1u << 30 | 1u << 31;
  const uint32_t leaf7c = 1u << 1 | 1u << 6 | 1u << 8 | 1u << 9 | 1u << 10 | 1u << 11
                          | 1u << 12 | 1u << 14;
  if (!has(ebx, leaf7b) || !has(ecx, leaf7c)) return false;

  // Leaf 0x80000001, ecx: LZCNT 5, PREFETCHW 8.
  if (__get_cpuid_max(0x80000000, 0) < 0x80000001) return false;
  __cpuid(0x80000001, eax, ebx, ecx, edx);
  return has(ecx, 1u << 5 | 1u << 8);
}

#else

bool processor_runs_icelake_server_code(void) { return false; }

#endif
