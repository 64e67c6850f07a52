import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { ANONYMOUS_LABEL } from "#shared/domain/author.ts";
import { truncateText } from "#shared/domain/markup.ts";
import { UNTITLED } from "#shared/domain/piece-name.ts";
import { contentWarningText } from "#shared/schemas/piece-controls.ts";

/**
 * The social preview of a piece (spec §2 "Page metadata"): 1200×630, the title in at most three
 * lines, the author label, the word count and "Writing" or "Freewrite". Drawn with satori, turned
 * into a PNG by resvg, with Literata and Inter from their npm packages.
 */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
export const OG_TITLE_MAX_LINES = 3;
/** Characters of title drawn: about what three lines of the smallest size hold, cut at a word. */
const OG_TITLE_MAX_CHARS = 100;
const OG_AUTHOR_MAX_CHARS = 60;

export interface PieceImageInput {
  title: string;
  authorLabel: string;
  wordCount: number;
  kind: "Writing" | "Freewrite";
  siteName: string;
  /** The writer's content warning: drawn instead of the title (issue 13 item 6). */
  contentWarning?: string | null;
}

type FontSpec = { name: string; data: Buffer; weight: 400 | 500 | 600 | 700; style: "normal" };

const require = createRequire(import.meta.url);
let fontsPromise: Promise<FontSpec[]> | null = null;

function loadFonts(): Promise<FontSpec[]> {
  fontsPromise ??= (async () => {
    const file = (pkg: string, name: string) => readFile(require.resolve(`${pkg}/files/${name}`));
    const specs: [string, string, string, FontSpec["weight"]][] = [
      ["Literata", "@fontsource/literata", "literata-latin-600-normal.woff", 600],
      ["Literata", "@fontsource/literata", "literata-latin-ext-600-normal.woff", 600],
      ["Inter", "@fontsource/inter", "inter-latin-400-normal.woff", 400],
      ["Inter", "@fontsource/inter", "inter-latin-ext-400-normal.woff", 400],
      ["Inter", "@fontsource/inter", "inter-latin-600-normal.woff", 600],
      ["Inter", "@fontsource/inter", "inter-latin-ext-600-normal.woff", 600],
    ];
    return Promise.all(specs.map(async ([name, pkg, f, weight]) => ({ name, data: await file(pkg, f), weight, style: "normal" as const })));
  })().catch((err: unknown) => {
    fontsPromise = null;
    throw err;
  });
  return fontsPromise;
}

/** Emoji and other pictographs have no glyph in our fonts: leave them out rather than draw boxes. */
function drawable(text: string, max: number): string {
  const cleaned = text
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1).trimEnd()}…` : cleaned;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | Node[] | string } };
const el = (type: string, style: Record<string, unknown>, children?: Node | Node[] | string): Node => ({ type, props: { style, children } });

const PAPER = "#faf7f0";
const INK = "#2b2620";
const MUTED = "#675f54";
const ACCENT = "#8a4b1c";
const LINE = "#e4dccd";

function titleSize(title: string): number {
  if (title.length <= 40) return 76;
  if (title.length <= 80) return 64;
  return 54;
}

export function pieceImageTree(input: PieceImageInput): Node {
  // Cut at a word, never leaving ".…" (drawable alone would cut mid-word).
  const shown = input.contentWarning ? contentWarningText(input.contentWarning) : input.title;
  const title = truncateText(drawable(shown, Infinity), OG_TITLE_MAX_CHARS) || UNTITLED;
  // A label of nothing but emoji draws as the label of a piece that reveals no one.
  const author = drawable(input.authorLabel, OG_AUTHOR_MAX_CHARS) || ANONYMOUS_LABEL;
  const words = `${input.wordCount.toLocaleString("en-US")} ${input.wordCount === 1 ? "word" : "words"}`;
  return el(
    "div",
    { width: OG_WIDTH, height: OG_HEIGHT, display: "flex", backgroundColor: PAPER, color: INK },
    [
      el("div", { width: 18, height: OG_HEIGHT, flexShrink: 0, backgroundColor: ACCENT }),
      el(
        "div",
        { display: "flex", flexDirection: "column", justifyContent: "space-between", flexGrow: 1, padding: "64px 84px 60px 76px" },
        [
          el("div", { display: "flex", justifyContent: "space-between", alignItems: "center", fontFamily: "Inter", fontSize: 26, fontWeight: 600 }, [
            el("div", { color: ACCENT, letterSpacing: 5, textTransform: "uppercase" }, input.kind),
            el("div", { fontFamily: "Literata", fontSize: 34, color: INK }, drawable(input.siteName, 40)),
          ]),
          el(
            "div",
            {
              display: "block",
              fontFamily: "Literata",
              fontWeight: 600,
              fontSize: titleSize(title),
              lineHeight: 1.18,
              lineClamp: OG_TITLE_MAX_LINES,
              textOverflow: "ellipsis",
              overflow: "hidden",
              maxHeight: titleSize(title) * 1.18 * OG_TITLE_MAX_LINES + 4,
            },
            title,
          ),
          el("div", { display: "flex", flexDirection: "column" }, [
            el("div", { width: 120, height: 3, backgroundColor: LINE, marginBottom: 28 }),
            el("div", { display: "flex", justifyContent: "space-between", alignItems: "baseline", fontFamily: "Inter" }, [
              el("div", { fontSize: 34, fontWeight: 600, color: INK }, `by ${author}`),
              el("div", { fontSize: 28, fontWeight: 400, color: MUTED }, words),
            ]),
          ]),
        ],
      ),
    ],
  );
}

export async function renderPieceImage(input: PieceImageInput): Promise<Buffer> {
  const fonts = await loadFonts();
  // The renderers load with the first image (satori and resvg: ~25 MB a server may never need; issue 26 item 1).
  const [{ default: satori }, { Resvg }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const svg = await satori(pieceImageTree(input) as never, { width: OG_WIDTH, height: OG_HEIGHT, fonts });
  const png = new Resvg(svg, { fitTo: { mode: "width", value: OG_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
  return Buffer.from(png);
}
