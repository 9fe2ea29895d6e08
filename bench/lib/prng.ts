// The seeded generator behind every bench data set: Sorrel's own mulberry32 (32-bit state, uniform in [0, 1)).
export { mulberry32 } from '../../src/common/random.ts';
