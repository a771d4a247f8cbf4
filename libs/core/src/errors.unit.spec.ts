import { NotFoundError, UnavailableError, ValidationError } from './errors.js';

describe('typed errors', () => {
  it('carry a stable code, the offending paths and whether a retry may help', () => {
    const e = new ValidationError('bad input', { 'body.work_days': 'must have 7 items' });
    expect(e.code).toBe('validation');
    expect(e.name).toBe('ValidationError');
    expect(e.errors).toEqual({ 'body.work_days': 'must have 7 items' });
    expect(e.retriable).toBe(false);
    expect(new UnavailableError('down').retriable).toBe(true);
    expect(new NotFoundError('x')).toBeInstanceOf(Error);
  });
});
