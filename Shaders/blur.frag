#version 330 core
// One pass of a separable Gaussian blur (run twice: along x, then along y) over a downsampled
// copy of the scene behind a peek. Weights are exp(-x^2 / 2 sigma^2) out to 3 sigma; two
// neighbouring taps are read in one bilinear fetch placed between them by their weights.

uniform sampler2D uLayer;
// One source texel along this pass's direction, in texture coordinates.
uniform vec2 uStep;
// The Gaussian's standard deviation, in source texels (0: a copy).
uniform float uSigma;

in vec2 vUV;
out vec4 fragColour;

// 3 sigma of the widest blur a quarter-size copy needs (14.6 pt at scale 2 is 7.3 texels), with room.
const int maximumRadius = 64;

float weight(float x) { return exp(-0.5 * x * x / (uSigma * uSigma)); }

void main() {
    if (uSigma < 0.01) {
        fragColour = texture(uLayer, vUV);
        return;
    }
    int radius = min(maximumRadius, int(ceil(3.0 * uSigma)));
    vec4 sum = texture(uLayer, vUV);
    float total = 1.0;
    for (int i = 1; i <= radius; i += 2) {
        float a = weight(float(i));
        float b = i + 1 <= radius ? weight(float(i + 1)) : 0.0;
        float w = a + b;
        float offset = (float(i) * a + float(i + 1) * b) / w;
        sum += (texture(uLayer, vUV + uStep * offset) + texture(uLayer, vUV - uStep * offset)) * w;
        total += 2.0 * w;
    }
    fragColour = sum / total;
}
