// Hands text or binary data to the browser as a file download.

export function downloadText(fileName: string, text: string, type = 'application/yaml'): void {
  downloadBlob(fileName, new Blob([text], { type: `${type};charset=utf-8` }));
}

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
