/** [longitude, latitude] in degrees, as VROOM writes locations. */
export type LonLat = readonly [number, number];

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in meters. */
export function haversine([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface TravelModel {
  /** Road distance over straight-line distance. */
  readonly circuity: number;
  /** Average urban driving speed, km/h. */
  readonly speedKmh: number;
}

/** The generator's default: a typical urban detour factor and an average city speed including stops at lights. */
export const URBAN_TRAVEL: TravelModel = { circuity: 1.35, speedKmh: 25 };

/** Square matrices: distances in meters (haversine x circuity, rounded), durations in seconds (distance / speed). */
export function travelMatrices(
  points: readonly LonLat[],
  model: TravelModel,
): { durations: number[][]; distances: number[][] } {
  const metersPerSecond = (model.speedKmh * 1000) / 3600;
  const distances = points.map((from) =>
    points.map((to) => Math.round(haversine(from, to) * model.circuity)),
  );
  const durations = distances.map((row) => row.map((meters) => Math.round(meters / metersPerSecond)));
  return { durations, distances };
}

/** The point `meters` away from `origin` towards `bearing` (radians from north), flat-earth (fine at city scale). */
export function offset([lon, lat]: LonLat, meters: number, bearing: number): LonLat {
  const dLat = (meters * Math.cos(bearing)) / 111_320;
  const dLon = (meters * Math.sin(bearing)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [lon + dLon, lat + dLat];
}
