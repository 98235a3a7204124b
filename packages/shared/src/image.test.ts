import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, IMAGE_WIDTHS, imageSrcSet, imageUrl } from './image';

describe('imageUrl', () => {
  it('uses the medium size by default and a placeholder when empty', () => {
    expect(imageUrl('products/rice.svg')).toBe('/media/medium/products/rice.svg');
    expect(imageUrl('')).toBe('/media/medium/placeholder.svg');
    expect(imageUrl(null, 'small')).toBe('/media/small/placeholder.svg');
  });
  it('passes full URLs through unchanged', () => {
    fc.assert(fc.property(fc.webUrl(), (url) => imageUrl(url, 'large', 'https://cdn.example') === url));
  });
  it('prefixes the CDN and never doubles slashes', () => {
    expect(imageUrl('/a/b.png', 'large', 'https://cdn.example/')).toBe('https://cdn.example/media/large/a/b.png');
    // (a source starting with // is a protocol-relative URL and passes through, as tested above)
    const paths = fc.stringMatching(/^[a-z0-9/._-]{1,30}$/).filter((p) => !p.startsWith('//'));
    fc.assert(fc.property(paths, (p) => !imageUrl(p).slice(1).includes('//')));
  });
});

describe('imageSrcSet', () => {
  it('offers every size the server makes, each with the width it resizes to', () => {
    expect(imageSrcSet('p/a.png')).toBe('/media/small/p/a.png 240w, /media/medium/p/a.png 480w, /media/large/p/a.png 1000w');
    expect(IMAGE_SIZES.map((s) => IMAGE_WIDTHS[s])).toEqual([240, 480, 1000]);
    expect(imageSrcSet('x.png', 'https://cdn.example')).toContain('https://cdn.example/media/large/x.png 1000w');
  });
});
