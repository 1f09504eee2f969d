// A plain C port of perfect-freehand's getStroke with its default options; see freehand_port.h.
// Written for ForceCanvas's bench from the algorithm's description (streamline the input,
// keep the points past the minimum length, simulate pressure from distance, offset each point
// by its radius along the perpendicular of its direction, round caps and corners).
#include "freehand_port.h"

#include <math.h>
#include <stdlib.h>

typedef struct { double x, y; } vec;

static const double SIZE = 16, THINNING = 0.5, SMOOTHING = 0.5, STREAMLINE = 0.5;
static const double RATE = 0.275;
static const double FIXED_PI = 3.14159265358979323846 + 0.0001;

static vec add(vec a, vec b) { return (vec){a.x + b.x, a.y + b.y}; }
static vec sub(vec a, vec b) { return (vec){a.x - b.x, a.y - b.y}; }
static vec mul(vec a, double k) { return (vec){a.x * k, a.y * k}; }
static vec per(vec a) { return (vec){a.y, -a.x}; }
static double dpr(vec a, vec b) { return a.x * b.x + a.y * b.y; }
static double len(vec a) { return sqrt(a.x * a.x + a.y * a.y); }
static vec uni(vec a) { double l = len(a); return l == 0 ? a : (vec){a.x / l, a.y / l}; }
static double dist(vec a, vec b) { return len(sub(a, b)); }
static double dist2(vec a, vec b) { vec d = sub(a, b); return d.x * d.x + d.y * d.y; }
static vec lrp(vec a, vec b, double t) { return add(a, mul(sub(b, a), t)); }
static vec rot_around(vec a, vec c, double r) {
    double s = sin(r), co = cos(r), px = a.x - c.x, py = a.y - c.y;
    return (vec){px * co - py * s + c.x, px * s + py * co + c.y};
}
static double radius_of(double pressure) { return SIZE * (0.5 - THINNING * (0.5 - pressure)); }

typedef struct { vec point; double pressure; vec vector; double distance, running; } stroke_point;

// perfect-freehand's getStrokePoints for a finished stroke.
static size_t stroke_points(const vec *in, size_t n, stroke_point *out) {
    double t = 0.15 + (1 - STREAMLINE) * 0.85;
    out[0] = (stroke_point){in[0], 0.5, {1, 1}, 0, 0};
    size_t m = 1;
    int reached = 0;
    double running = 0;
    stroke_point prev = out[0];
    for (size_t i = 1; i < n; i++) {
        vec p = i == n - 1 ? in[i] : lrp(prev.point, in[i], t);
        if (p.x == prev.point.x && p.y == prev.point.y) continue;
        double d = dist(p, prev.point);
        running += d;
        if (i < n - 1 && !reached) {
            if (running < SIZE) continue;
            reached = 1;
        }
        prev = (stroke_point){p, 0.5, uni(sub(prev.point, p)), d, running};
        out[m++] = prev;
    }
    out[0].vector = m > 1 ? out[1].vector : (vec){0, 0};
    return m;
}

static double simulate(double previous, double distance) {
    double sp = fmin(1, distance / SIZE), rp = fmin(1, 1 - sp);
    return fmin(1, previous + (rp - previous) * (sp * RATE));
}

size_t freehand_port_stroke(const double *xyp, size_t count, double **outline) {
    *outline = NULL;
    if (count == 0) return 0;
    // A stroke of one or two points is filled in as perfect-freehand does.
    size_t n = count < 2 ? 2 : count == 2 ? 5 : count;
    vec *in = malloc(n * sizeof(vec));
    stroke_point *pts = malloc(n * sizeof(stroke_point));
    if (!in || !pts) { free(in); free(pts); return 0; }
    if (count == 1) {
        in[0] = (vec){xyp[0], xyp[1]};
        in[1] = (vec){xyp[0] + 1, xyp[1] + 1};
    } else if (count == 2) {
        vec a = {xyp[0], xyp[1]}, b = {xyp[3], xyp[4]};
        in[0] = a;
        for (int i = 1; i < 5; i++) in[i] = lrp(a, b, i / 4.0);
    } else {
        for (size_t i = 0; i < n; i++) in[i] = (vec){xyp[3 * i], xyp[3 * i + 1]};
    }
    size_t m = stroke_points(in, n, pts);
    free(in);

    // Each side can take a 14-point corner arc for every point.
    vec *left = malloc(m * 15 * sizeof(vec)), *right = malloc(m * 15 * sizeof(vec));
    if (!left || !right) { free(left); free(right); free(pts); return 0; }
    size_t nl = 0, nr = 0;
    double total = pts[m - 1].running, min_distance = pow(SIZE * SMOOTHING, 2);
    double prev_pressure = pts[0].pressure;
    for (size_t i = 0; i < m && i < 10; i++) prev_pressure = (prev_pressure + simulate(prev_pressure, pts[i].distance)) / 2;
    double radius = radius_of(pts[m - 1].pressure), first_radius = -1;
    vec prev_vector = pts[0].vector, pl = pts[0].point, pr = pl, tl = pl, tr = pl;
    int prev_sharp = 0;
    for (size_t i = 0; i < m; i++) {
        stroke_point s = pts[i];
        if (i < m - 1 && total - s.running < 3) continue;
        double pressure = simulate(prev_pressure, s.distance);
        radius = fmax(0.01, radius_of(pressure));
        if (first_radius < 0) first_radius = radius;
        vec next_vector = (i < m - 1 ? pts[i + 1] : pts[i]).vector;
        double next_dpr = i < m - 1 ? dpr(s.vector, next_vector) : 1.0;
        int sharp = dpr(s.vector, prev_vector) < 0 && !prev_sharp, next_sharp = next_dpr < 0;
        if (sharp || next_sharp) {
            vec offset = mul(per(prev_vector), radius);
            for (double t = 0; t <= 1; t += 1.0 / 13) {
                tl = rot_around(sub(s.point, offset), s.point, FIXED_PI * t);
                left[nl++] = tl;
                tr = rot_around(add(s.point, offset), s.point, FIXED_PI * -t);
                right[nr++] = tr;
            }
            pl = tl;
            pr = tr;
            if (next_sharp) prev_sharp = 1;
            continue;
        }
        prev_sharp = 0;
        if (i == m - 1) {
            vec offset = mul(per(s.vector), radius);
            left[nl++] = sub(s.point, offset);
            right[nr++] = add(s.point, offset);
            continue;
        }
        vec offset = mul(per(lrp(next_vector, s.vector, next_dpr)), radius);
        tl = sub(s.point, offset);
        if (i <= 1 || dist2(pl, tl) > min_distance) { left[nl++] = tl; pl = tl; }
        tr = add(s.point, offset);
        if (i <= 1 || dist2(pr, tr) > min_distance) { right[nr++] = tr; pr = tr; }
        prev_pressure = pressure;
        prev_vector = s.vector;
    }
    vec first = pts[0].point, last = m > 1 ? pts[m - 1].point : add(pts[0].point, (vec){1, 1});
    vec end_direction = per(mul(pts[m - 1].vector, -1));
    free(pts);

    // Round caps: 13 steps at the start, 28 at the end (perfect-freehand's counts).
    size_t total_points = nl + nr + 13 + 28;
    vec *out = malloc(total_points * sizeof(vec));
    if (!out || nl == 0 || nr == 0) { free(out); free(left); free(right); return 0; }
    size_t k = 0;
    for (size_t i = 0; i < nl; i++) out[k++] = left[i];
    vec start_end = add(last, mul(end_direction, radius));
    for (int i = 1; i < 29; i++) out[k++] = rot_around(start_end, last, FIXED_PI * 3 * (i / 29.0));
    for (size_t i = nr; i > 0; i--) out[k++] = right[i - 1];
    for (int i = 1; i <= 13; i++) out[k++] = rot_around(right[0], first, FIXED_PI * (i / 13.0));
    free(left);
    free(right);
    *outline = (double *)out;
    return k;
}
