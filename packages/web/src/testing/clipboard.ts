import { fireEvent } from '@testing-library/react';

/** What the clipboard gets when the user selects the element's whole text and copies it by hand (Ctrl+C). */
export function copiedByHand(element: HTMLElement): string | undefined {
  const range = document.createRange();
  range.selectNodeContents(element);
  window.getSelection()!.removeAllRanges();
  window.getSelection()!.addRange(range);
  const data = new Map<string, string>();
  fireEvent.copy(element, { clipboardData: { setData: (type: string, text: string) => data.set(type, text), getData: (type: string) => data.get(type) ?? '' } });
  return data.get('text/plain');
}
