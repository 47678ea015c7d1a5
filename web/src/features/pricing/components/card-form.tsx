import { testCardSchema, type TestCardInput } from '@studio/contracts/payments';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldTexts } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { formatCardNumber, formatExpiry } from '../lib/card-input';

interface CardFormProps {
  amount: string;
  processing: boolean;
  /** Field errors the server answered with (`card.number` → number). */
  serverErrors: Record<string, string>;
  onPay: (card: TestCardInput) => void;
}

/** The built-in test provider's card form: checked with the same schema as the server. */
export function CardForm({ amount, processing, serverErrors, onPay }: CardFormProps) {
  const { t } = useTranslation();
  const form = useForm(testCardSchema, { number: '', expiry: '', cvv: '', name: '' });
  const errors = fieldTexts(t, form.errors);
  const { setServerErrors } = form;

  useEffect(() => {
    setServerErrors(serverErrors);
  }, [serverErrors, setServerErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const card = form.validate();
    if (card) onPay(card);
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={processing || undefined} className="space-y-4">
      <fieldset disabled={processing} className="space-y-4">
        <TextField
          label={t('pricing.checkout.cardNumber')}
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          value={form.values.number}
          onChange={(event) => form.setValue('number', formatCardNumber(event.target.value))}
          onBlur={() => form.touch('number')}
          error={errors.number}
        />
        <div className="grid grid-cols-2 items-end gap-4">
          <TextField
            label={t('pricing.checkout.expiry')}
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('pricing.checkout.expiryHint')}
            value={form.values.expiry}
            onChange={(event) => form.setValue('expiry', formatExpiry(event.target.value))}
            onBlur={() => form.touch('expiry')}
            error={errors.expiry}
          />
          <TextField
            label={t('pricing.checkout.cvc')}
            name="cvv"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            placeholder="123"
            value={form.values.cvv}
            onChange={(event) => form.setValue('cvv', event.target.value.replace(/\D/g, '').slice(0, 4))}
            onBlur={() => form.touch('cvv')}
            error={errors.cvv}
          />
        </div>
        <TextField label={t('pricing.checkout.cardName')} autoComplete="cc-name" {...form.bind('name')} error={errors.name} />
      </fieldset>
      <Button type="submit" className="w-full text-base" loading={processing}>
        {processing ? t('pricing.checkout.processing') : t('pricing.checkout.pay', { amount })}
      </Button>
    </form>
  );
}
