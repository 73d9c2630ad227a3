#ifndef CFREI0R_SHIM_H
#define CFREI0R_SHIM_H

#include <frei0r.h>

#endif
