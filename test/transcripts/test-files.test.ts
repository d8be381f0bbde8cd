import { describe, expect, it } from 'vitest';
import { moduleName, testSubject, withTestsOf } from '../../src/transcripts/_test-files.js';

describe('test files and their modules', () => {
  it('reads the module a test is of, in the names the common runners use', () => {
    const cases: [string, string][] = [
      ['src/cart/total.test.ts', 'total'],
      ['web/src/Cart.spec.tsx', 'cart'],
      ['src/__tests__/basket.js', 'basket'],
      ['tests/test_invoice.py', 'invoice'],
      ['pkg/ledger/ledger_test.go', 'ledger'],
      ['test/shop/order_test.exs', 'order'],
      ['spec/models/user_spec.rb', 'user'],
      ['src/test/java/com/acme/PriceCalculatorTest.java', 'pricecalculator'],
      ['Billing.Tests/InvoiceTests.cs', 'invoice'],
      ['C:\\work\\app\\tests\\test_export.py', 'export'],
    ];
    for (const [path, subject] of cases) expect(testSubject(path), path).toBe(subject);
  });

  it('says a module or a plan is no test', () => {
    for (const path of [
      'src/cart/total.ts',
      'docs/testing.md',
      'lib/contest.ex',
      'TESTING.md',
      'src/latest.ts',
    ])
      expect(testSubject(path), path).toBeUndefined();
    expect(moduleName('lib/shop/Order.ex')).toBe('order');
  });

  it('puts a test after its module only where tests of that module sit, and no more than it may add', () => {
    const scored = new Map([
      ['tests/test_cart.py', 0.1],
      ['app/billing/tests/test_cart.py', 0.3],
      ['src/main/java/com/acme/Ledger.java', 0.2],
      ['src/test/java/com/acme/LedgerTest.java', 0.1],
      ['src/test/java/com/other/LedgerTest.java', 0.2],
    ]);
    // The flat tests/ folder and the mirrored java tree hold tests of these; app/billing/tests does not.
    expect(withTestsOf(['shop/cart.py', 'src/main/java/com/acme/Ledger.java'], scored, 4)).toEqual([
      'shop/cart.py',
      'tests/test_cart.py',
      'src/main/java/com/acme/Ledger.java',
      'src/test/java/com/acme/LedgerTest.java',
    ]);
    expect(withTestsOf(['shop/cart.py', 'src/main/java/com/acme/Ledger.java'], scored, 1)).toHaveLength(3);
  });
});
