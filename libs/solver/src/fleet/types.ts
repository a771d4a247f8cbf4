/**
 * The product's planning problem for one depot and day, as the API hands it to the solver: drivers with
 * their vehicles, deliveries, the depot's parameters and the global parameters, plus a travel matrix
 * (location 0 is the depot). Times are seconds since 00:00 UTC of the planning day; durations seconds,
 * distances metres, weights kg, volumes m3.
 */
export interface FleetVehicle {
  readonly id: string;
  readonly payload: number;
  readonly cargoVolume: number;
  /** km/h; default 120. */
  readonly maxSpeed?: number;
  readonly type?: string;
}

export interface FleetDriver {
  readonly id: string;
  readonly category?: string;
  /** Shift start (seconds since midnight); default 08:00. */
  readonly startTime?: number;
  /** Default 8. */
  readonly workingHours?: number;
  /** Lunch break in minutes; default 30; 0 for none. */
  readonly lunchBreak?: number;
  readonly vehicle: FleetVehicle;
}

export interface FleetDelivery {
  readonly id: string;
  readonly deliveryPointId: string;
  /** Index into the travel matrices. */
  readonly location: number;
  readonly weight: number;
  readonly volume: number;
  /** Seconds; null or absent: the global service time. */
  readonly serviceTime?: number | null;
  /** Window on the start of service. */
  readonly afterTime?: number | null;
  readonly beforeTime?: number | null;
}

export interface FleetDepotParams {
  /** Percentage of the vehicles' payload and volume that may be used; default 100. */
  readonly vehicleFill?: number;
  /** Percentage by which travel is slower; default 0. */
  readonly slowDown?: number;
}

export interface FleetGlobalParams {
  /** Default service time per delivery, seconds. */
  readonly serviceTime: number;
  /** Service-time factor per driver category. */
  readonly driverCategories: Readonly<Record<string, number>>;
}

export interface FleetOptions {
  /** The lunch break starts within this part of the shift (fractions of its length); default 0.4 .. 0.6. */
  readonly breakWindow?: { readonly from: number; readonly to: number };
}

export interface FleetTravel {
  /** Number of locations (the matrices are size x size, row-major); location 0 is the depot. */
  readonly size: number;
  /** Travel times at the reference speed profile, seconds. */
  readonly durations: Float64Array;
  readonly distances: Float64Array;
}

export interface FleetProblemInput {
  readonly depot: FleetDepotParams;
  readonly global: FleetGlobalParams;
  readonly drivers: readonly FleetDriver[];
  readonly deliveries: readonly FleetDelivery[];
  readonly travel: FleetTravel;
  readonly options?: FleetOptions;
}

/** One stop of a planned route: a delivery point and the deliveries served there together. */
export interface FleetStop {
  readonly sequence: number;
  readonly deliveryPointId: string;
  readonly location: number;
  readonly deliveries: readonly string[];
  readonly arrival: number;
  readonly waiting: number;
  readonly serviceStart: number;
  readonly serviceTime: number;
  readonly departure: number;
  readonly travelTime: number;
  readonly distance: number;
  /** Load still on board after the stop. */
  readonly weightAfter: number;
  readonly volumeAfter: number;
}

export interface FleetRoute {
  readonly driverId: string;
  readonly vehicleId: string;
  readonly start: number;
  readonly end: number;
  /** Metres. */
  readonly distance: number;
  readonly travelTime: number;
  readonly serviceTime: number;
  readonly waitingTime: number;
  /** end - start (driving, service, waiting and the break). */
  readonly totalTime: number;
  readonly breakStart: number | null;
  readonly breakTime: number;
  readonly weight: number;
  readonly volume: number;
  readonly stops: readonly FleetStop[];
}

export type FleetUnassignedReason =
  'weight' | 'volume' | 'time_window' | 'shift_length' | 'unreachable' | 'no_room_in_plan' | 'no_driver';

export interface FleetUnassigned {
  readonly deliveryId: string;
  readonly deliveryPointId: string;
  readonly reason: FleetUnassignedReason;
  /** Per driver: the first check the delivery's stop fails alone on that driver's route (absent: it fits). */
  readonly drivers: readonly { readonly driverId: string; readonly failure?: string }[];
}

export interface FleetPlan {
  readonly routes: readonly FleetRoute[];
  readonly unassigned: readonly FleetUnassigned[];
  readonly totalDistance: number;
  readonly totalTravelTime: number;
}
