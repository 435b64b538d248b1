import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { useForm, zodErrors } from './use-form';

const schema = z.object({ name: z.string().min(1, 'Required'), address: z.object({ zip: z.string().regex(/^\d{5}$/, 'Five digits') }) });
type V = z.infer<typeof schema>;
const blank: V = { name: '', address: { zip: '' } };

describe('useForm', () => {
  it('shows a rule message only once its field was used, and the server message until it changes', () => {
    // Prepare
    const { result } = renderHook(() => useForm<V>({ initial: blank, validate: (v) => zodErrors(schema, v) }));
    expect(result.current.valid).toBe(false);
    expect(result.current.messageOf('name')).toBeUndefined();
    // Act: touch the name, and a server message on the zip
    act(() => result.current.touch('name'));
    act(() => result.current.setServerErrors({ 'address.zip': 'Taken' }));
    // Assess
    expect(result.current.messageOf('name')).toBe('Required');
    expect(result.current.messageOf('address.zip')).toBe('Taken');
    // Act: change the zip (a nested path)
    act(() => result.current.update((v) => ({ ...v, address: { zip: '0710' } }), ['address.zip']));
    // Assess: the rule's message replaces the server's
    expect(result.current.messageOf('address.zip')).toBe('Five digits');
  });

  it('is dirty after a change and clean again after reset', () => {
    // Prepare
    const { result } = renderHook(() => useForm<V>({ initial: blank, validate: (v) => zodErrors(schema, v) }));
    expect(result.current.dirty).toBe(false);
    // Act
    act(() => result.current.set('name', 'Ann'));
    // Assess
    expect(result.current.dirty).toBe(true);
    expect(result.current.values.name).toBe('Ann');
    act(() => result.current.reset());
    expect(result.current.dirty).toBe(false);
    expect(result.current.values).toEqual(blank);
    expect(result.current.touched).toEqual({});
  });

  it('keys messages by the top field at depth 1', () => {
    expect(zodErrors(schema, { name: 'A', address: { zip: 'x' } }, { depth: 1 })).toEqual({ address: 'Five digits' });
  });
});
