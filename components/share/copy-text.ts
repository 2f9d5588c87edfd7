/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context (https or
 * localhost); a dashboard served over plain http on an internal host name is not one, so the old
 * select-and-copy command is the fallback. Resolves false when neither worked, so the caller keeps
 * the link on screen, selected, for the user to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or no focus: try the fallback.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let copied: boolean;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}
