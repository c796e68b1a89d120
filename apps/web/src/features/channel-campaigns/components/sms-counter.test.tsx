import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SelfServiceForm } from './self-service-form';

afterEach(cleanup);

const typeMessage = (text: string) =>
  fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: text } });
const counter = () => within(screen.getByTestId('sms-counter'));

describe('the SMS composer counter', () => {
  it('counts characters, the GSM-7 encoding and one message for a short text, as it is typed', () => {
    renderWithProviders(<SelfServiceForm clientId="client-1" channel="SMS" />);
    expect(counter().getByText('0 / 1600 characters')).toBeTruthy();
    typeMessage('Toko buka jam 9');
    expect(counter().getByText('15 / 1600 characters')).toBeTruthy();
    expect(counter().getByText('Encoding GSM-7')).toBeTruthy();
    expect(counter().getByText('1 message')).toBeTruthy();
  });

  it('splits 161 GSM-7 characters into two messages and counts € as two septets', () => {
    renderWithProviders(<SelfServiceForm clientId="client-1" channel="SMS" />);
    typeMessage('a'.repeat(160));
    expect(counter().getByText('1 message')).toBeTruthy();
    typeMessage('a'.repeat(161));
    expect(counter().getByText('2 messages')).toBeTruthy();
    typeMessage(`${'a'.repeat(159)}€`);
    expect(counter().getByText('160 / 1600 characters')).toBeTruthy();
    expect(counter().getByText('2 messages')).toBeTruthy();
  });

  it('switches the whole text to UCS-2 for one emoji, with 70 characters a message, and says why', () => {
    renderWithProviders(<SelfServiceForm clientId="client-1" channel="SMS" />);
    typeMessage('Halo 😀');
    expect(counter().getByText('Encoding UCS-2')).toBeTruthy();
    expect(counter().getByText(/A character outside GSM-7/)).toBeTruthy();
    typeMessage(`${'Halo '.repeat(14)}😀`);
    expect(counter().getByText('2 messages')).toBeTruthy();
  });

  it('is shown for SMS only', () => {
    renderWithProviders(<SelfServiceForm clientId="client-1" channel="TELEGRAM" />);
    expect(screen.queryByTestId('sms-counter')).toBeNull();
  });
});
