import { describe, expect, it } from "vitest";
import { ImageCache } from "./image-cache.ts";

const png = (s: string) => Promise.resolve(Buffer.from(s));

describe("ImageCache", () => {
  it("renders once per key and serves the cached image after", async () => {
    const cache = new ImageCache(3);
    let renders = 0;
    const render = () => {
      renders++;
      return png("a");
    };
    await cache.getOrRender("p1:t1", render);
    await cache.getOrRender("p1:t1", render);
    expect(renders).toBe(1);
  });

  it("shares one render between concurrent requests", async () => {
    const cache = new ImageCache(3);
    let renders = 0;
    const render = () => {
      renders++;
      return new Promise<Buffer>((r) => setTimeout(() => r(Buffer.from("x")), 10));
    };
    const [a, b] = await Promise.all([cache.getOrRender("k", render), cache.getOrRender("k", render)]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
  });

  it("keeps at most `max` images, dropping the least recently used", async () => {
    const cache = new ImageCache(2);
    await cache.getOrRender("a:1", () => png("a"));
    await cache.getOrRender("b:1", () => png("b"));
    await cache.getOrRender("a:1", () => png("a"));
    await cache.getOrRender("c:1", () => png("c"));
    expect(cache.size).toBe(2);
    expect(cache.has("a:1")).toBe(true);
    expect(cache.has("b:1")).toBe(false);
  });

  it("does not keep a failed render", async () => {
    const cache = new ImageCache(2);
    await expect(cache.getOrRender("a:1", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(cache.has("a:1")).toBe(false);
  });

  it("forgets every image of a deleted piece", async () => {
    const cache = new ImageCache(5);
    await cache.getOrRender("p:1", () => png("1"));
    await cache.getOrRender("p:2", () => png("2"));
    await cache.getOrRender("q:1", () => png("3"));
    cache.forgetPiece("p");
    expect(cache.size).toBe(1);
  });
});
