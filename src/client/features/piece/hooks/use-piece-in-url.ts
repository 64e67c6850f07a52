import { useCallback, useEffect, useMemo, type MouseEvent } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { openedFromList, pieceIn, scrollToRestore, withoutPiece, withPiece, type ListScroll } from "../lib/piece-url.ts";

/**
 * Where the reader was in each list (by parameter) when they opened a piece. Kept outside the
 * component, so it outlives the route: back from elsewhere to the piece, then back to the list,
 * still returns them there.
 */
const listScroll = new Map<string, ListScroll>();

interface Options {
  /** The URL parameter naming the open piece: "piece" on /community, "read" on /profile. */
  param: string;
  /** The history state flag (e.g. { fromFeed: true }) of a piece the list opened: closing it goes back. */
  fromListFlag: string;
  /** Which values name a piece; with any other the list shows. Any value by default. */
  accept?: (value: string) => boolean;
}

/**
 * A piece opened over a list, in the URL (lib/piece-url.ts). `pieceId` is the open piece (or
 * null: the list shows). The list opens one with `open(id)`, or with a link to `hrefFor(id)`
 * whose click calls `remember()` and whose state carries `fromListFlag`. The piece closes with
 * `close()`, or with a link to `listHref` whose click goes through `onBackLink`: back through
 * history when the list opened it, so the list is as it was. A piece opens at the top of the
 * page; the list comes back scrolled where the reader left it.
 */
export function usePieceInUrl({ param, fromListFlag, accept }: Options) {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const pieceId = pieceIn(search, param, accept);
  const fromList = openedFromList(location.state, fromListFlag);
  const entry = location.key;

  const remember = useCallback(() => {
    listScroll.set(param, { entry, y: window.scrollY });
  }, [param, entry]);

  const hrefFor = useCallback((id: string) => `?${withPiece(search, param, id)}`, [search, param]);

  const listHref = useMemo(() => {
    const rest = withoutPiece(search, param).toString();
    return rest ? `?${rest}` : location.pathname;
  }, [search, param, location.pathname]);

  const open = (id: string) => {
    remember();
    setSearch((p) => withPiece(p, param, id), { state: { [fromListFlag]: true } });
    window.scrollTo({ top: 0 });
  };

  const close = () => {
    if (fromList) navigate(-1);
    else setSearch((p) => withoutPiece(p, param), { replace: true });
  };

  const onBackLink = (e: MouseEvent) => {
    if (!fromList) return;
    e.preventDefault();
    navigate(-1);
  };

  useEffect(() => {
    if (pieceId) {
      window.scrollTo({ top: 0 });
      return;
    }
    const y = scrollToRestore(listScroll.get(param), entry);
    if (y === null) return;
    listScroll.delete(param);
    requestAnimationFrame(() => window.scrollTo({ top: y }));
  }, [pieceId, param, entry]);

  return { pieceId, hrefFor, listHref, remember, open, close, onBackLink };
}
