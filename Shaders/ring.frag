#version 330 core
// A ring as a signed-distance field: an arc from 12 o'clock clockwise over uProgress of the
// circle, with round caps, over an optional full-circle track, with an optional glow (two wider,
// fainter strokes under the line, as the confirm button's). Coverage is the exact overlap of a
// one-pixel box with the stroke across its width, so the ring is crisp at any scale.

// The ring's centre, in target pixels (y down).
uniform vec2 uCenter;
// The radius of the line's middle and the line's width, in points.
uniform float uRadius;
uniform float uWidth;
// Pixels per point: the ring's own scale times the HiDPI scale.
uniform float uScale;
// 0..1 of the circle covered by the arc.
uniform float uProgress;
// The arc's colour and the track's, premultiplied (a track of alpha 0 is not drawn).
uniform vec4 uColour;
uniform vec4 uTrack;
// The glow's radius in points (0: none) and its two strokes: (extra width in glow radii, alpha) twice.
uniform float uGlow;
uniform vec4 uGlowLayers;

in vec2 vPixel;
out vec4 fragColour;

const float pi = 3.14159265358979;

// How much of a pixel whose centre is d pixels from a stroke's middle the stroke of width w covers.
float coverage(float d, float w) {
    return clamp(min(d + 0.5, 0.5 * w) - max(d - 0.5, -0.5 * w), 0.0, 1.0);
}

vec4 over(vec4 top, vec4 bottom) { return top + bottom * (1.0 - top.a); }

void main() {
    vec2 p = vPixel - uCenter;
    float r = uRadius * uScale;
    float toCircle = abs(length(p) - r);
    // The angle clockwise from 12 o'clock (y is down), 0..2 pi.
    float turn = atan(p.x, -p.y);
    if (turn < 0.0) turn += 2.0 * pi;
    float end = clamp(uProgress, 0.0, 1.0) * 2.0 * pi;
    float toArc = toCircle;
    if (turn > end) {
        vec2 start = vec2(0.0, -r);
        vec2 stop = r * vec2(sin(end), -cos(end));
        toArc = min(length(p - start), length(p - stop));
    }
    float w = uWidth * uScale;
    vec4 colour = uTrack * coverage(toCircle, w);
    if (uProgress > 0.0) {
        if (uGlow > 0.0) {
            float g = uGlow * uScale;
            colour = over(uColour * (uGlowLayers.y * coverage(toArc, w + uGlowLayers.x * g)), colour);
            colour = over(uColour * (uGlowLayers.w * coverage(toArc, w + uGlowLayers.z * g)), colour);
        }
        colour = over(uColour * coverage(toArc, w), colour);
    }
    fragColour = colour;
}
