#ifndef FREEHAND_PORT_H
#define FREEHAND_PORT_H

#include <stddef.h>

/// A plain C port of perfect-freehand's getStroke (getStrokePoints, then
/// getStrokeOutlinePoints) with its default options — size 16, thinning 0.5, smoothing 0.5,
/// streamline 0.5, simulated pressure, round caps, no tapers, a finished stroke — written for
/// `forcecanvas bench` section 3, the peer ForceCanvas's outline generation is measured against
/// in the same run. Input: `count` points (x, y, pressure in 0…1; pressure ignored, as
/// perfect-freehand ignores it when it simulates). It allocates its work arrays per call with
/// malloc, as a straightforward port does. Returns the number of outline points (written to
/// `*outline` as x, y pairs, to be freed by the caller; NULL for none).
size_t freehand_port_stroke(const double *xyp, size_t count, double **outline);

#endif
