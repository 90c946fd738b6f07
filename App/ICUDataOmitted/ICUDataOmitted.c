// ICU's data, without its contents, for release builds of primetime on Linux.
//
// Those builds link Foundation statically (Package.swift), and Foundation brings the ICU
// library with 34 MB of locale, collation, calendar and time zone data, under the name below,
// into a binary that shows no localized text. An object file given to the linker comes before
// the archives, so this definition stands in for the toolchain's: the linker never takes the
// archive member that holds the data. ICU finds no valid data here (the header's magic bytes
// are missing) and answers any question that needs it with an error. Some of Foundation's
// types take that as "no data" (TimeZone.current reads GMT), and others cannot go on
// (DateFormatter stops the program): so the app's local time comes from the C library
// (LocalTime.system), and its dumps write dates themselves (Activity+Dump.swift). Anything new
// that needs a locale, a named time zone or a formatter must do the same. `ReleaseBinaryTests`
// checks that no ICU data is in the release binary, and the end-to-end suite runs against it.
//
// The name carries ICU's major version; a toolchain with another ICU keeps its data in the
// binary, which that test then reports. ICU still looks for its data as a file where `ICU_DATA`
// or its own default path says, and a machine that has one there gives it back; the app's
// behaviour is the same either way, since it asks ICU for nothing it needs.
//
// Only release builds leave the data out, as only they link Foundation statically
// (`staticInRelease` in Package.swift): SwiftPM defines DEBUG for debug builds of C.
#include "ICUDataOmitted.h"

#if defined(__linux__) && !defined(DEBUG)
const unsigned char icudt76_dat[32] __attribute__((aligned(16))) = {0};
#endif
