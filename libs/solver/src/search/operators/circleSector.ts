/**
 * A circular sector on 16-bit angles (HGS-CVRP's CircleSector): the smallest arc that covers the polar
 * angles of a route's clients around the depot, grown one angle at a time.
 */
export class CircleSector {
  start = 0;
  end = 0;
  empty = true;

  static angle(dx: number, dy: number): number {
    const a = Math.atan2(dy, dx);
    return (Math.round((32768 * a) / Math.PI) + 65536) & 0xffff;
  }

  private static mod(i: number): number {
    return ((i % 65536) + 65536) % 65536;
  }

  reset(): void {
    this.empty = true;
  }

  isEnclosed(a: number): boolean {
    return CircleSector.mod(a - this.start) <= CircleSector.mod(this.end - this.start);
  }

  extend(a: number): void {
    if (this.empty) {
      this.start = a;
      this.end = a;
      this.empty = false;
      return;
    }
    if (this.isEnclosed(a)) return;
    if (CircleSector.mod(a - this.end) <= CircleSector.mod(this.start - a)) this.end = a;
    else this.start = a;
  }

  static overlap(a: CircleSector, b: CircleSector, tolerance: number): boolean {
    if (a.empty || b.empty) return false;
    const m = (i: number): number => CircleSector.mod(i);
    return (
      m(b.start - a.start) <= m(a.end - a.start) + tolerance ||
      m(a.start - b.start) <= m(b.end - b.start) + tolerance
    );
  }
}
