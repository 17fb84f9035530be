/**
 * Hands a file made in the page to the browser's download (a temporary Blob link), for the exports
 * a manager takes away: a week's timesheet CSV, one person's photos. Nothing is kept on the tablet.
 */
export function saveFile(contents: Blob, fileName: string): void {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely begun the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
