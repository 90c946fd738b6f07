// Nothing to call: the target only holds a definition for the linker (ICUDataOmitted.c).
#ifndef ICU_DATA_OMITTED_H
#define ICU_DATA_OMITTED_H
typedef int primetime_icu_data_omitted;
#endif
