import { describe, expect, it } from 'vitest';
import { renderHeadTags } from '../../../server/modules/previews/head-tags.js';
import { withHeadTags } from '../../../server/plugins/web-app.js';

const head = (title: string) => renderHeadTags({
  title,
  previewTitle: title,
  description: '설명',
  url: 'https://sal.example.kr/x',
  image: { url: 'https://sal.example.kr/og/site.png', alt: '대체 글', width: 1200, height: 630 },
  type: 'website',
});

describe('the head written into index.html', () => {
  it('replaces the app\'s own title and description, once each', () => {
    const index = '<html><head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="사이트" />\n    <title>SAL 리그</title>\n  </head><body></body></html>';
    const html = withHeadTags(index, head('붉은매 · SAL 리그'));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>붉은매 · SAL 리그</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="설명" />');
    expect(html).toContain('<meta charset="UTF-8" />');
  });

  it('keeps replacement patterns in a name as text, and writes the tags into a head without a title', () => {
    const html = withHeadTags('<html><head><title>x</title></head></html>', head("$& $' $1 <b>"));
    expect(html).toContain("<title>$&#38; $&#39; $1 &#60;b&#62;</title>");
    const inserted = withHeadTags('<html><head></head></html>', head('제목'));
    expect(inserted.startsWith('<html><head><title>제목</title>')).toBe(true);
    expect(inserted.endsWith('twitter:image:alt" content="대체 글" />\n  </head></html>')).toBe(true);
  });
});
