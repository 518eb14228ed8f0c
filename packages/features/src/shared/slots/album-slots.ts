import { createContext, useContext, type ReactNode } from "react";

/** The other member of a direct chat, as the albums' parts name him. */
export interface AlbumPeer {
  id: string;
  name: string;
}

/** The places the chat and a member's profile keep for the private albums (decisions/0046). */
export interface AlbumSlots {
  /** Above a direct chat's messages: his albums shared with me (nothing when none). */
  chatStrip: (peer: AlbumPeer) => ReactNode;
  /** Beside the composer's saved phrases: a button that opens my albums to share with him. */
  composerAction: (peer: AlbumPeer) => ReactNode;
  /** On his profile: his albums shared with me (nothing when none). */
  profile: (memberId: string) => ReactNode;
}

/**
 * The private albums' parts, given by the composition place (the shell, around a member's pages). The chat and
 * the profile show what they are given and never import the albums feature; without a provider nothing shows.
 */
export const AlbumSlotsContext = createContext<AlbumSlots | null>(null);

export function useAlbumSlots(): AlbumSlots | null {
  return useContext(AlbumSlotsContext);
}
