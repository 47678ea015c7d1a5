import { apiPaths } from '@studio/contracts/routes';
import { render, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { MarkdownBlocks, parseBlocks } from './lib/simple-markdown';

const config = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null };
afterEach(() => vi.unstubAllGlobals());

const text = (lang: string, page: string) => readFileSync(path.join(__dirname, 'content', lang, `${page}.md`), 'utf8');

describe('legal pages', () => {
  it('render the terms with the configured contact address, the title, description and canonical', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config) });
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    const body = await screen.findByTestId('legal-body');
    await waitFor(() => expect(within(body).getAllByRole('link', { name: 'help@example.com' })[0].getAttribute('href')).toBe('mailto:help@example.com'));
    expect(body.textContent).toContain('13 years old');
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeTruthy();
    expect(document.title).toBe('Terms of Service | Coloring Studio');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('The terms for using Coloring Studio and the pages you create.');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/terms`);
  });

  it('render the privacy policy in Japanese and the refund policy in Chinese', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config) });
    const { unmount } = renderApp('/ja/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeTruthy();
    expect((await screen.findByTestId('legal-body')).textContent).toContain('13歳以上');
    unmount();
    renderApp('/zh/refund-policy');
    expect(await screen.findByRole('heading', { level: 1, name: '退款政策' })).toBeTruthy();
    expect((await screen.findByTestId('legal-body')).textContent).toContain('14 天内');
  });

  // product-spec §1: every policy statement is on the pages, in every language.
  it.each([
    ['en', ['13 years old', 'personal, educational and non-commercial', 'full commercial rights', 'Private', 'do **not** use your prompts', 'renew automatically', 'end of the current billing period', 'except where the law requires otherwise', '14 days', 'within 30 days', 'pro-rated', '5–10 business days', 'within 30 days of your request', '24 months', 'within 24 hours', 'within 30 days of the charge', 'within 5 business days', '48 hours', '3–5 business days']],
    ['zh', ['13 周岁', '个人、教育和非商业用途', '完整的商业使用权', '私密', '训练', '自动续订', '当前计费周期结束时', '法律另有规定', '14 天内', '30 天内', '按比例退款', '5–10 个工作日', '收到请求后 30 天内', '24 个月', '24 小时内', '扣费后 30 天内', '5 个工作日内', '48 小时内', '3–5 个工作日内']],
    ['ja', ['13歳以上', '個人・教育・非営利', '完全な商用利用権', '非公開', '学習', '自動更新', '現在の請求期間の終了時', '法令で別に定める', '14日以内', '30日以内', '日割り', '5〜10営業日', 'ご依頼から30日以内', '24か月', '24時間以内', '請求日から30日以内', '5営業日以内', '48時間以内', '3〜5営業日以内']],
  ])('state every policy of the spec in %s', (lang, phrases) => {
    const all = ['privacy', 'terms', 'refund'].map((page) => text(lang, page)).join('\n');
    for (const phrase of phrases) expect(all, phrase).toContain(phrase);
  });
});

describe('the legal Markdown subset', () => {
  it('renders headings with anchors, lists, bold and only safe links', () => {
    const blocks = parseBlocks('## Who we are\n\nWe are **nice**. Mail {{emailLink}}.\n\n- one [site](/terms)\n- two [bad](javascript:alert(1))\n\n1. first\n2. second', { emailLink: '[a@b.example](mailto:a@b.example)' });
    const { container } = render(<MarkdownBlocks blocks={blocks} />);
    expect(container.querySelector('h2')?.id).toBe('who-we-are');
    expect(container.querySelector('strong')?.textContent).toBe('nice');
    expect(container.querySelector('a[href="mailto:a@b.example"]')?.textContent).toBe('a@b.example');
    expect(container.querySelector('a[href="/terms"]')).toBeTruthy();
    expect(container.innerHTML).not.toContain('javascript:');
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
  });
});
