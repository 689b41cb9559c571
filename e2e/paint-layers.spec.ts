// The diagram is painted on a compositing layer of its own. Without it, every click that changed
// the side panel or the toolbar made the browser paint again every link in view, with the panels,
// on one shared layer. On a 1,000-node tree without a GPU that was about 150 ms of painting per
// click, before the click showed (`npm run bench -- quick browser`, input → next paint).
import { expect, test } from '@playwright/test';
import { waitForLayout } from './helpers';

test('the diagram has a paint layer of its own, apart from the side panel and the toolbar', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const client = await page.context().newCDPSession(page);
  await client.send('DOM.enable');
  const { root } = await client.send('DOM.getDocument');
  const { nodeId } = await client.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.cw-canvas' });
  const { node } = await client.send('DOM.describeNode', { nodeId });
  const layers = new Promise<{ backendNodeId?: number }[]>((resolve) =>
    client.on('LayerTree.layerTreeDidChange', (event: { layers?: { backendNodeId?: number }[] }) => {
      if (event.layers) resolve(event.layers);
    }),
  );
  await client.send('LayerTree.enable');
  // A click on a card makes the page paint, and the layer tree is reported.
  await page.locator('[data-node-id]').first().click();
  const owners = (await layers).map((layer) => layer.backendNodeId);
  expect(owners).toContain(node.backendNodeId);
});
