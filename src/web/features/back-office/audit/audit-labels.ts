// What each audit log action is called on the back-office (issue 28): "Order approved", not
// `order.approve`. The table must name every action the server writes (the type says so).
import type { AuditAction } from '@/contracts/audit-actions';

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'order.approve': 'Order approved',
  'order.reject': 'Order rejected',
  'order.delete': 'Order deleted',
  'order.excess.credit': 'Overpayment credited',
  'order.excess.refund': 'Overpayment refunded',
  'payment.order': 'Order made from a deposit',
  'payment.dismiss': 'Deposit dismissed',
  'payment.reverted_after_approval': 'Approved payment reverted on the chain',
  'wallet.change_approved': 'Receiving wallet change approved',
  'wallet.change_rejected': 'Receiving wallet change rejected',
  'wallet.evm_updated': 'EVM wallet address set',
  'crypto.created': 'Currency added',
  'crypto.updated': 'Currency updated',
  'crypto.disabled': 'Currency disabled',
  'crypto.deleted': 'Currency deleted',
  'rates.refreshed': 'Crypto rates refreshed',
  'price.updated': 'Token price changed',
  'sale.updated': 'Sale settings changed',
  'sale.stages': 'Sale stages changed',
  'stage.closed': 'Stage closed',
  'stage.ended': 'Stage ended early',
  'content.update': 'Site content changed',
  'content.logo': 'Logo changed',
  'pixel.create': 'Pixel added',
  'pixel.update': 'Pixel updated',
  'pixel.delete': 'Pixel deleted',
  'payments.evm_key': 'EVM account key saved',
  'payments.evm_key_removed': 'EVM account key removed',
  'payments.chain': 'EVM chain saved',
  'payments.chain_removed': 'EVM chain removed',
  'payments.utxo_key': 'Account key saved (Bitcoin family)',
  'payments.utxo_key_removed': 'Account key removed (Bitcoin family)',
  'payments.utxo_watcher': 'Watcher saved (Bitcoin family)',
  'payments.utxo_watcher_removed': 'Watcher removed (Bitcoin family)',
  'payments.lookup': 'Lookup endpoint saved',
  'payments.lookup_removed': 'Lookup endpoint removed',
  'delivery.token': 'Token delivery settings changed',
  'delivery.distribution': 'Distribution snapshot taken',
  'delivery.recorded': 'Delivery recorded',
  'delivery.imported': 'Deliveries imported',
  'delivery.claim_published': 'Claim published',
  'operator.created': 'Operator added',
  'operator.role_changed': 'Operator role changed',
  'operator.disabled': 'Operator disabled',
  'operator.enabled': 'Operator enabled',
  'operator.password_reset': 'Operator password reset',
  'operator.password_changed': 'Password changed',
  'operator.two_factor_reset': 'Two-factor sign-in reset',
  'operator.notifications': 'Notifications changed',
  'operators.require_two_factor': 'Two-factor requirement changed',
  'user.unverified_reset': 'Unverified account reset by its address owner',
  'user.two_factor_reset': 'Buyer two-factor sign-in reset',
  'backup.download': 'Backup downloaded',
};

// Written by earlier versions (before Litecoin and Dogecoin, issue 13) and still in their logs.
const EARLIER_LABELS: Readonly<Record<string, string>> = {
  'payments.bitcoin_key': 'Bitcoin account key saved',
  'payments.bitcoin_key_removed': 'Bitcoin account key removed',
  'payments.bitcoin_chain': 'Bitcoin watcher saved',
  'payments.bitcoin_chain_removed': 'Bitcoin watcher removed',
  'payments.esplora': 'Bitcoin lookup endpoint saved',
  'payments.esplora_removed': 'Bitcoin lookup endpoint removed',
};

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, action);

/** The label of an action; one no version labelled is shown as it is stored. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : (EARLIER_LABELS[action] ?? action);
}
