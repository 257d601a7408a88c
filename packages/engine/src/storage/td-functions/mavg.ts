/**
 * MAVG(x, k) as TDengine computes it: one double running sum over the non-NULL values in time order; after the
 * first k values each new value is added and then the value leaving the window subtracted (`(sum + v) - old`), so
 * rounding carries over from window to window (MAVG of MAX then −MAX over BIGINT is −200 after 400 was absorbed
 * into 2^63: 33#229). Answers the average of each full window, one per value from the k-th on.
 */
export function movingAverages(values: readonly number[], k: number): number[] {
  const out: number[] = [];
  let sum = 0;
  values.forEach((v, i) => {
    if (i < k) sum += v;
    else sum = sum + v - values[i - k];
    if (i >= k - 1) out.push(sum / k);
  });
  return out;
}
