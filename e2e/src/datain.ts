import { expect, type Locator, type Page } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { openMenu, pickOption } from './walk';

/**
 * Helpers of the Data In walk (e2e/tests/datain-walk.spec.ts): the task list's rows, the detail page's figures, and
 * a publisher to the real Mosquitto. antd's Statistic has no accessible name, so its figure is read by class here, as
 * walk.ts reads dropdowns.
 */

export const BROKER = 'mqtt://127.0.0.1:1883';

/** Mosquitto queues at most 1000 messages (max_queued_messages) per subscriber, so a publisher waits every chunk. */
export const PUBLISH_CHUNK = 800;

export async function connectPublisher(): Promise<MqttClient> {
  return mqtt.connectAsync(BROKER, { protocolVersion: 4, clientId: `walk_publisher_${Date.now().toString(36)}` });
}

/** Publishes with QoS 1, each acknowledged by the broker before the next. */
export async function publish(client: MqttClient, topic: string, payloads: string[]): Promise<void> {
  for (const payload of payloads) await client.publishAsync(topic, payload, { qos: 1 });
}

/** The Data In page through the side menu (the task list above the connector catalogue). */
export async function openDataIn(page: Page): Promise<void> {
  await openMenu(page, 'Data In');
  await expect(page.getByTestId('datain-catalogue')).toBeVisible({ timeout: 60_000 });
}

/** The task list's row of a task, found by its name. */
export function taskRow(page: Page, name: string): Locator {
  return page.getByTestId('datain-tasks').getByRole('row').filter({ hasText: name });
}

/** Start or stop a task from the list, then wait for the status the list (polled every 5 s) shows. */
export async function startOrStop(page: Page, name: string, action: 'Start' | 'Stop', status: RegExp): Promise<void> {
  const row = taskRow(page, name);
  await row.getByRole('button', { name: action, exact: true }).click();
  await expect(row).toContainText(status, { timeout: 120_000 });
}

/** The figure of a metric on the task detail page ("Rows written"), as a number. */
export async function metricValue(page: Page, title: string): Promise<number> {
  const figure = page.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) }).locator('.ant-statistic-content');
  const text = await figure.innerText();
  return Number(text.replace(/[^0-9.]/g, ''));
}

/** Opens a collapsed group of the task form (its header), unless it is open already. */
export async function openGroup(page: Page, title: string): Promise<void> {
  // The header's name starts with its arrow icon's ("right Session").
  const header = page.getByRole('button', { name: new RegExp(`(^| )${title}$`) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

/** A duration's unit (the select beside it, labelled "Unit"). */
export async function pickUnit(page: Page, unit: string): Promise<void> {
  await pickOption(page, page.getByRole('combobox', { name: 'Unit' }), unit);
}
