// A standalone SVG → PNG, in the browser: the SVG is drawn onto a canvas at twice its size (sharp
// when printed), on white, and read back as PNG. Nothing is fetched.

/** Chromium refuses canvases much larger than this on a side. */
const MAX_SIDE = 16_000;

export function svgSize(svg: string): { width: number; height: number } {
  const open = svg.slice(0, svg.indexOf('>'));
  const width = Number(/\swidth="([\d.]+)"/.exec(open)?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(open)?.[1]);
  if (!(width > 0 && height > 0)) throw new Error('The picture has no size to draw at.');
  return { width, height };
}

export async function svgToPng(svg: string, wantedScale = 2): Promise<Blob> {
  const { width, height } = svgSize(svg);
  const scale = Math.min(wantedScale, MAX_SIDE / width, MAX_SIDE / height);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the picture.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
