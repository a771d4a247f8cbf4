export * from './check/index.js';
export {
  DEFAULT_RICH,
  generateRichInstance,
  type FleetPlan,
  type RichInstance,
  type RichOptions,
} from './rich/generate.js';
export { deriveSeed, seededRandom, type Random } from './rich/random.js';
export { haversine, travelMatrices, URBAN_TRAVEL, type LonLat, type TravelModel } from './rich/travel.js';
