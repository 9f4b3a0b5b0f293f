/** Saves `text` as a file named `fileName` through a temporary link (a CSV by default). */
export function saveTextFile(text: string, fileName: string, type = 'text/csv'): void {
  saveObjectUrl(URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` })), fileName);
}

/** Saves the file behind an object URL as `fileName` through a temporary link, then revokes it. */
export function saveObjectUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
