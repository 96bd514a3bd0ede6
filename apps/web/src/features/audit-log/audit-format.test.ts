import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import {
  AUDIT_ACTIONS,
  AUDIT_GROUPS,
  actingAs,
  actionLabel,
  actionLabelKey,
  formatAuditDate,
  formatAuditDetails,
  humanizeAction,
} from './audit-format.ts';
import './audit-log.i18n.ts';

const en = i18n.getFixedT('en');
const id = i18n.getFixedT('id');

describe('audit action labels', () => {
  it('names the recorded actions for people', () => {
    expect(actionLabel('auth.sign_in', en)).toBe('Signed in');
    expect(actionLabel('auth.sign_in_failed', en)).toBe('Sign-in failed');
    expect(actionLabel('auth.enter_client', en)).toBe('Entered a client account');
    expect(actionLabel('rbac.permission_deleted', en)).toBe('Permission deleted');
    expect(actionLabel('users.created', en)).toBe('User created');
    expect(actionLabel('companies.status_changed', en)).toBe('Company status changed');
    expect(actionLabel('settings.updated', en)).toBe('Platform settings updated');
    expect(actionLabel('auth.sign_in', id)).toBe('Login');
  });

  it('has a label of its own for every recorded action, in English and Indonesian', () => {
    for (const t of [en, id]) {
      const labels = AUDIT_ACTIONS.map((action) => actionLabel(action, t));
      for (const [index, label] of labels.entries()) {
        const key = actionLabelKey(AUDIT_ACTIONS[index]!);
        expect(key, AUDIT_ACTIONS[index]).toBe(`auditLog.actions.${AUDIT_ACTIONS[index]}`);
        expect(label, AUDIT_ACTIONS[index]).not.toBe(key);
        expect(label.trim(), AUDIT_ACTIONS[index]).not.toBe('');
      }
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('still reads an action the web does not know', () => {
    expect(actionLabelKey('billing.invoice_paid')).toBeNull();
    expect(actionLabel('billing.invoice_paid', en)).toBe('Billing: invoice paid');
    expect(humanizeAction('maintenance')).toBe('Maintenance');
    expect(humanizeAction('companies.access_changed')).toBe('Companies: access changed');
    expect(humanizeAction('')).toBe('');
  });

  it('groups every recorded action under one filter prefix', () => {
    const prefixes = AUDIT_GROUPS.map((group) => group.value).filter(Boolean);
    expect(prefixes).toEqual(['auth.', 'rbac.', 'users.', 'companies.', 'settings.']);
    for (const action of AUDIT_ACTIONS) {
      expect(
        prefixes.filter((prefix) => action.startsWith(prefix)),
        action,
      ).toHaveLength(1);
    }
    for (const group of AUDIT_GROUPS) {
      expect(en(group.labelKey)).not.toBe(group.labelKey);
      expect(id(group.labelKey)).not.toBe(group.labelKey);
    }
    expect(en('auditLog.groups.auth')).toBe('Sign-in and sessions');
  });
});

describe('audit entry format', () => {
  it('writes times dd-MM-yyyy HH:mm:ss in local time, a dash without one', () => {
    const local = new Date(2026, 2, 4, 5, 6, 7).toISOString();
    expect(formatAuditDate(local)).toBe('04-03-2026 05:06:07');
    expect(formatAuditDate(null)).toBe('-');
    expect(formatAuditDate('not a date')).toBe('-');
  });

  it('shows details as indented JSON, nothing when empty', () => {
    expect(formatAuditDetails({ from: 'active', to: 'suspended' })).toBe(
      '{\n  "from": "active",\n  "to": "suspended"\n}',
    );
    expect(formatAuditDetails({})).toBeNull();
    expect(formatAuditDetails(null)).toBeNull();
  });

  it('names the acting super admin only when another account was used', () => {
    expect(actingAs('admin@demo.example', 'root@example.com')).toBe('root@example.com');
    expect(actingAs('root@example.com', 'ROOT@example.com')).toBeNull();
    expect(actingAs('admin@demo.example', null)).toBeNull();
    expect(actingAs(null, 'root@example.com')).toBe('root@example.com');
  });
});
