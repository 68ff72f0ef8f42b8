/**
 * Types for `edmonds-blossom-fixed` (Joris van Rantwijk's maximum-weight matching, ported to
 * JavaScript; the package ships none): `edges` are `[u, v, weight]` with vertices 0..n-1 and
 * integer weights; with `maxCardinality` only matchings of the largest size count. Returns
 * `mate`, where `mate[v]` is v's partner or -1.
 */
declare module "edmonds-blossom-fixed" {
  export default function blossom(edges: readonly (readonly [number, number, number])[], maxCardinality?: boolean): number[];
}
