/** Upper bound on records per handler call when SubscribeOptions.maxBatchSize is not given. */
export const DEFAULT_MAX_BATCH = 500;
