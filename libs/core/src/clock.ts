/** Injected time and identity, so domain logic stays pure and tests are deterministic. */
export type Clock = () => Date;
// eslint-disable-next-line no-restricted-syntax -- the one place the real clock is read; inject it elsewhere
export const systemClock: Clock = () => new Date();

export type IdGenerator = () => string;
