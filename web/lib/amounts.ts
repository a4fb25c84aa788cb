const kilobyte = 1024;
const megabyte = 1024 * kilobyte;
const gigabyte = 1024 * megabyte;

function amount(value: number): string {
  return value.toLocaleString('en', { maximumFractionDigits: 1 });
}

/** A size for people, in the binary units the plans are written in: "820 KB", "12.4 MB", "10 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= gigabyte) return `${amount(bytes / gigabyte)} GB`;
  if (bytes >= megabyte) return `${amount(bytes / megabyte)} MB`;
  if (bytes >= kilobyte) return `${amount(bytes / kilobyte)} KB`;
  return `${bytes.toLocaleString('en')} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** "1 file", "12 files". */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
