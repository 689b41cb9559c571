// Preloaded into a measured process (node --import): reports its peak resident memory on exit.
process.on('exit', () => {
  process.stderr.write(`\n@@max-rss ${process.resourceUsage().maxRSS * 1024}\n`);
});
