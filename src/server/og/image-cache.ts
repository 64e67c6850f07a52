/**
 * Rendered preview images in memory, least recently used first out, at most `max` of them.
 * Keyed by piece id + updated_at, so an edit draws a fresh image. Concurrent requests for the
 * same key share one render; a failed render is not kept.
 */
export const OG_CACHE_MAX = 200;

export class ImageCache {
  private entries = new Map<string, Promise<Buffer>>();

  constructor(private readonly max: number = OG_CACHE_MAX) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  getOrRender(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh its place: Map keeps insertion order, so the oldest is first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = render();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return pending;
  }

  /** Whether some image of this piece is kept. */
  hasPiece(id: string): boolean {
    for (const key of this.entries.keys()) if (key.startsWith(`${id}:`)) return true;
    return false;
  }

  /** Drops every image of one piece (it was deleted). */
  forgetPiece(id: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${id}:`)) this.entries.delete(key);
  }
}

export const pieceImageCache = new ImageCache();
