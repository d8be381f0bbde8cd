/** Standing instructions told apart from sentences that only use their words (facts, conditions, log lines, one step). */
import { describe, expect, it } from 'vitest';
import { isStanding, standingPart, standingParts } from '../../src/transcripts/_standing.js';

describe('isStanding', () => {
  it('takes an instruction that holds for the rest of the work, in the languages the corpus shows', () => {
    for (const s of [
      'Always use yarn here.',
      'Please never force-push.',
      'From now on, write the commit messages in English.',
      'Going forward keep every function under 40 lines',
      'Do not add new dependencies without asking me.',
      "And don't rename public exports.",
      'Prefer composition over inheritance, not mixins.',
      'You should always run lint before committing.',
      'We never commit generated files.',
      'Make sure you update the changelog with each change.',
      'Never use any in TypeScript.',
      'Avoid global state.',
      'use tabs, not spaces',
      'In the future, ask before deleting files.',
      'remember to run the formatter after each edit',
      'Every time you touch the schema, regenerate the types.',
      "I don't want any mocks in the integration tests.",
      'Keep the README in sync with the CLI.',
      'Benutze niemals sudo.',
      'Bitte immer die Tests laufen lassen.',
      "N'utilise jamais de point-virgule.",
      "Toujours écrire les tests d'abord.",
      'Usa siempre comillas simples.',
      'Nunca hagas push directo a main.',
      '不要再修改配置文件',
      '请始终使用中文回复',
      '必ずテストを書いてください',
      'ok, never skip the pre-commit hooks',
      'Stop adding comments to every line.',
      'but always keep the old API working',
      'Use `pnpm`, not `npm`.',
      'Never edit `src/generated/*.ts` by hand.',
    ])
      expect(isStanding(s), s).toBe(true);
  });

  it('leaves out facts, conditions, complaints, log lines and single steps that use the same words', () => {
    for (const s of [
      'It always fails on CI.',
      'I never got the email.',
      'This never worked on Windows.',
      'We always had this bug, it is not new.',
      'The tests always pass locally but fail in docker',
      "if you don't see the log, restart the server",
      "they don't have an API key yet",
      "I don't know why it crashed.",
      'Why does it never load?',
      'at Object.never (node_modules/lodash/never.js:12:3)',
      "import { produce } from 'immer'",
      'Error: always-on flag missing in config.ts:44',
      'the dropdown is never populated',
      'Es funktioniert immer noch nicht.',
      'Ich habe das nie gesehen.',
      'Ça ne marche toujours pas.',
      "Je n'ai jamais reçu la réponse.",
      'Siempre falla al arrancar.',
      '它总是报错',
      '由于备用服务器并非总是可用，需要增加一个离线缓存',
      '这个接口不总是可用的',
      'テストが常に失敗します',
      'we use postgres but the tests are not using it',
      'Every time I run it the page goes blank.',
      'By default the server listens on 8080.',
      'No more errors now, thanks!',
      "That's why we avoided it last time.",
      'fix the login page',
      'the build is still broken after your change',
      'I never said to delete that file',
      'You never answered my question about the cache',
      'keep going',
      'Keep going with the next phase',
      'store.setState @ immer.mjs:6',
      'if we dont have this we need to store it somehow until we choose to reset it.',
      'figure it out - both widgets use the same socket so why is it not operating the same',
      'But I never saw the gui open.',
      'Never mind, that was my fault.',
      'maybe they just keep a file of the limits',
      'Expensive re-renders on every WS message',
      'Run the tests for confirmation, and be sure to commit all your changes.',
      'make sure the build passes',
    ])
      expect(isStanding(s), s).toBe(false);
  });

  it('takes a Chinese "don\'t" before what not to do, not one that wants a thing gone or means "later"', () => {
    for (const s of [
      '数据库的表结构不要随便改动',
      '请不要在代码里写死密码',
      '以后再也不要用旧的构建脚本',
      '别再自动格式化整个仓库',
    ])
      expect(isStanding(s), s).toBe(true);
    for (const s of [
      '左边那两个按钮不要，换成一个下拉菜单',
      '这些旧图标不要了，全部删掉',
      '先这样吧，以后再优化性能',
      '这个颜色我不要。',
      '那就不要吧，等下周再说',
      '先不要部署，我还在看日志',
    ])
      expect(isStanding(s), s).toBe(false);
  });

  it('takes an imperative with a short word or two before "immer", and a modal said to a person, not to a thing', () => {
    for (const s of [
      'Zeig mir immer zuerst den Plan.',
      'Frag uns bitte nie nach dem Passwort.',
      'Du brauchst nicht immer alles zu erklären.',
      'Wir sollen nie direkt auf main pushen.',
      'Man sollte niemals Passwörter im Code speichern.',
      'Réponds-moi toujours en français.',
      'Muéstrame siempre el diff antes de hacer commit.',
    ])
      expect(isStanding(s), s).toBe(true);
    for (const s of [
      'Das Menü soll immer sichtbar sein.',
      'Der Header soll nie verschwinden.',
      'Die Buttons sollen immer rund sein.',
      'Hab das nie so gewollt.',
      'Mein Server läuft nie länger als eine Stunde.',
      'Gefällt mir immer noch nicht.',
      'Das Laden braucht immer ewig.',
      'Peut-être jamais.',
    ])
      expect(isStanding(s), s).toBe(false);
  });

  it('takes the rule a polite question asks for ("can you make sure we always …?"), not a question about one thing', () => {
    const asked: [string, string][] = [
      ['Can you please make sure that we never commit the .env file?', 'never commit the .env file'],
      [
        'Could you update the notes to make sure that in this repo you always open a draft PR first?',
        'always open a draft PR first',
      ],
      [
        'Can you remember to always bump the version in package.json?',
        'always bump the version in package.json',
      ],
    ];
    for (const [q, rule] of asked) {
      expect(standingPart(q), q).toBe(rule);
      expect(isStanding(q), q).toBe(true);
    }
    for (const q of [
      'Can you make sure the nightly job always runs on the main branch?',
      'Can you check whether we always close the socket?',
      'Could you make sure this never happens again?',
      'Kannst du sicherstellen, dass der Export immer klappt?',
      '你能确保我们总是用最新的版本吗',
    ]) {
      expect(standingPart(q), q).toBeUndefined();
      expect(isStanding(q), q).toBe(false);
    }
  });

  it('takes a step to repeat as each piece of the work is done, said to the agent, not what a thing does each time', () => {
    for (const s of [
      'Run the linter after each change and fix what it reports.',
      'Push to the remote once every milestone is reviewed.',
      'Commit as each subtask is finished.',
      'Work on one feature at a time and update the changelog when each feature is merged.',
      'Committe nach jeder abgeschlossenen Aufgabe.',
      'Nach jeder Phase schreibst du eine kurze Zusammenfassung.',
      'Lance les tests après chaque modification.',
      'Haz commit después de cada tarea.',
    ])
      expect(isStanding(s), s).toBe(true);
    for (const s of [
      'The page reloads after each click.',
      'Tests fail after each change to the config.',
      'It crashes whenever every module is loaded at once.',
      'Add a header to each file and save it.',
      'Nach jeder Phase bricht der Build ab.',
      'Le build casse après chaque modification.',
      'El servidor falla después de cada cambio.',
    ])
      expect(isStanding(s), s).toBe(false);
  });

  it('gives the clause that tells it on, not the opening of a long request', () => {
    const request =
      '先把这个目录里的接口文档和示例整理成一份完整的中文说明，包括登录方式、每个函数的参数和返回值以及常见错误的处理办法，' +
      '然后以后只要我提到查询行情数据，你就自动按照这份说明去调用接口';
    expect(standingPart(request)).toBe('然后以后只要我提到查询行情数据，你就自动按照这份说明去调用接口');
    const english =
      'Read the three design notes in docs/ and turn them into one page that covers the storage layer, the sync protocol and the failure modes we discussed, and from now on write every commit message in English';
    expect(standingPart(english)).toBe('and from now on write every commit message in English');
    expect(standingPart('Always use yarn here.')).toBe('Always use yarn here.');
    expect(standingPart('It always fails on CI.')).toBeUndefined();
  });

  it("does not start the clause inside a word a slip split (`can;t` for can't, `a,b`)", () => {
    const request =
      'use the copy in the downloads folder as the backup to restore the files, we can;t restore from git because there is progress I dont want to lose, so never reset the branch';
    expect(standingPart(request)).toBe(
      'we can;t restore from git because there is progress I dont want to lose, so never reset the branch',
    );
    const slip =
      'the old exports in reports/2026 and reports/2027 were made by hand and are fine to keep around for now as they are we won;t need them again after this week and never commit the csv files';
    expect(standingPart(slip)?.startsWith('t need')).toBe(false);
  });
});

describe('standingParts', () => {
  it('keeps a sentence the person then asks the agent to remember, with the request', () => {
    expect(standingParts('Schreib die Commit-Nachrichten auf Englisch. Merke dir das.')).toEqual([
      'Schreib die Commit-Nachrichten auf Englisch. Merke dir das.',
    ]);
    expect(standingParts('Put new components under src/ui.\nRemember that.')).toEqual([
      'Put new components under src/ui. Remember that.',
    ]);
    expect(standingParts('新的接口统一放在 api 目录下。请记住这一点。')).toEqual([
      '新的接口统一放在 api 目录下。 请记住这一点。',
    ]);
    expect(standingParts('Remember that.')).toEqual([]);
    expect(standingParts('Did you push the branch? Remember that.')).toEqual([]);
    expect(standingParts('Never touch the lock file. Remember that.')).toEqual([
      'Never touch the lock file.',
    ]);
  });

  it("leaves out the lines of a pasted plan or spec, not the person's own words before it", () => {
    const plan =
      'Implement the following plan:\n\n# Plan\n\n## Steps\n- Always run the migrations first\n- Never edit the lock file';
    expect(standingParts(plan)).toEqual([]);
    const spec =
      'Please build this, and always answer in German.\n\n# Spec\n## Rules\nNever store passwords in plain text.';
    expect(standingParts(spec)).toEqual(['Please build this, and always answer in German.']);
    const checklist = [
      'Always reply in English.',
      ...Array.from({ length: 20 }, (_, i) => `- Step ${i + 1}: never skip the audit`),
    ];
    expect(standingParts(checklist.join('\n'))).toEqual(['Always reply in English.']);
    const own =
      'A few rules, please:\n1) first, never push to main\n- 不要修改生成的文件\n- and always use pnpm';
    expect(standingParts(own)).toEqual([
      '1) first, never push to main',
      '- 不要修改生成的文件',
      '- and always use pnpm',
    ]);
  });
});
