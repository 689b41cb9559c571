// A promise settled in a task of its own, soon after this one: work split in slices lets the page
// paint and answer input between them (a message is not held back the way a timer can be).
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
