/** Whole numbers in [0, n) from a fixed seed, so a test that draws its cases at random draws the same ones each run. */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}
