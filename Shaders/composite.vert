#version 330 core
// One rectangle of the target, made from gl_VertexID (a triangle strip of four vertices, no
// vertex buffer). Every pass of the compositor draws with it: layers, the blur's passes, rings.

// The target's size in pixels.
uniform vec2 uTarget;
// The rectangle to cover: x, y, width, height in target pixels, y down (Cairo's way).
uniform vec4 uRect;
// The texture coordinates at the rectangle's top-left (xy) and bottom-right (zw) corners.
uniform vec4 uSource;

// Where to sample the source.
out vec2 vUV;
// This fragment's place in target pixels, y down (the ring's signed-distance field uses it).
out vec2 vPixel;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vPixel = uRect.xy + corner * uRect.zw;
    vUV = mix(uSource.xy, uSource.zw, corner);
    vec2 ndc = vPixel / uTarget * 2.0 - 1.0;
    // y down in pixels, y up in clip space.
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
