import { assert, login, newUser, open, register, screenshots } from '../helpers.mjs';

export const stories = [
  {
    name: 'types a relation prompt, sees the page and what of the prompt was not drawn, in English and Japanese',
    async run({ page, baseUrl, outDir }) {
      const user = newUser('relation');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      await open(page, `${baseUrl}/text-coloring-page`);
      // A rider on its mount, and an animal the library has no picture of.
      const prompt = 'a monkey riding a bicycle and a quokka';
      await page.getByLabel('Describe your coloring page').fill(prompt);
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.getByRole('navigation', { name: 'History' }).getByRole('button', { name: prompt }).waitFor({ timeout: 120_000 });
      await page.getByRole('img', { name: prompt }).first().waitFor();
      const note = page.getByTestId('not-drawn');
      await note.waitFor();
      assert.equal(await note.textContent(), 'Not drawn: quokka');
      await screenshots(page, outDir, 'generator-not-drawn');

      // The same page in Japanese says it in Japanese; a fully drawn page says nothing.
      await open(page, `${baseUrl}/ja/text-coloring-page`);
      await page.getByTestId('not-drawn').waitFor();
      assert.equal(await page.getByTestId('not-drawn').textContent(), '描けなかったもの：quokka');
      await page.getByLabel('作りたいぬりえを説明してください').fill('自転車に乗る女の子');
      await page.getByRole('button', { name: /^生成する/ }).click();
      await page.getByRole('navigation').getByRole('button', { name: '自転車に乗る女の子' }).waitFor({ timeout: 120_000 });
      await page.getByRole('img', { name: '自転車に乗る女の子' }).first().waitFor();
      assert.equal(await page.getByTestId('not-drawn').count(), 0, 'everything of the prompt was drawn');
    },
  },
];
