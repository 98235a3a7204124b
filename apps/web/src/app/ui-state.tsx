import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * Which global overlay is open. Features open each other's overlays through this store so they
 * never import each other (the shell mounts the overlays).
 */
export interface UiState {
  cartOpen: boolean;
  pincodeOpen: boolean;
  categoryFilterOpen: boolean;
  menuOpen: boolean;
  /** product id the wishlist picker is open for, or null */
  wishlistPicker: number | null;
  set: (patch: Partial<Omit<UiState, 'set'>>) => void;
}

const Ctx = createContext<UiState | null>(null);

export function UiStateProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState({
    cartOpen: false,
    pincodeOpen: false,
    categoryFilterOpen: false,
    menuOpen: false,
    wishlistPicker: null as number | null,
  });
  const value = useMemo<UiState>(() => ({ ...state, set: (patch) => setState((s) => ({ ...s, ...patch })) }), [state]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useUi(): UiState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useUi outside UiStateProvider');
  return v;
}
