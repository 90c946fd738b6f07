// ICU's data, without its contents, for release builds of primetime on Linux.
//
// Those builds link Foundation statically (Package.swift), and Foundation brings the ICU
// library with 34 MB of locale, collation, calendar and time zone data, under the name below,
// into a binary that shows no localized text. An object file given to the linker comes before
// the archives, so this definition stands in for the toolchain's: the linker never takes the
// archive member that holds the data. ICU finds no valid data here (the header's magic bytes
// are missing) and answers any question that needs it with an error, which Foundation's types
// take as "no data": TimeZone.current then reads GMT, which is why the app's local time comes
// from the C library (LocalTime.system). `ReleaseBinaryTests` checks that no ICU data is in the
// release binary, and the end-to-end suite runs against it.
//
// The name carries ICU's major version; a toolchain with another ICU keeps its data in the
// binary, which that test then reports.
#include "ICUDataOmitted.h"

#if defined(__linux__) && !defined(DEBUG)
const unsigned char icudt76_dat[32] __attribute__((aligned(16))) = {0};
#endif
