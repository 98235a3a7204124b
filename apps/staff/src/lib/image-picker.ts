import { createContext, useContext, type ComponentType } from 'react';

/**
 * The media library's picker as a form sees it. Features do not import each other, so a route hands
 * the media feature's `MediaPicker` to the products and site-settings forms under this type.
 */
export type ImagePicker = ComponentType<{
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (picked: Array<{ path: string; alt: string }>) => void;
  multiple?: boolean;
  title?: string;
}>;

const ImagePickerSlot = createContext<ImagePicker | null>(null);

/** Hands a picker to every image field below (the site-settings route gives the media library's). */
export const ImagePickerProvider = ImagePickerSlot.Provider;

export function useImagePicker(): ImagePicker {
  const picker = useContext(ImagePickerSlot);
  if (!picker) throw new Error('An image field needs an ImagePickerProvider above it (its route gives the media picker)');
  return picker;
}
