#version 330 core
// One pass of a separable Gaussian blur (run twice: along x, then along y) over a downsampled
// copy of the scene behind a peek. The weights, exp(-x^2 / 2 sigma^2) out to 3 sigma and
// normalised, are worked out once per frame on the CPU (BlurChain.taps): two neighbouring taps
// are read in one bilinear fetch placed between them by their weights, on both sides.

uniform sampler2D uLayer;
// One source texel along this pass's direction, in texture coordinates.
uniform vec2 uStep;
// The centre tap's weight.
uniform float uCentre;
// Each pair of taps: its offset from the centre in texels (x) and its weight on one side (y).
uniform vec2 uTaps[32];
// How many pairs are in use (0: a copy).
uniform int uTapCount;

in vec2 vUV;
out vec4 fragColour;

void main() {
    vec4 sum = texture(uLayer, vUV) * uCentre;
    for (int i = 0; i < uTapCount; i++) {
        vec2 offset = uStep * uTaps[i].x;
        sum += (texture(uLayer, vUV + offset) + texture(uLayer, vUV - offset)) * uTaps[i].y;
    }
    fragColour = sum;
}
